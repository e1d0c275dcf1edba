// The administration catalogue's calls (admins only): resolution options, tags by kind, vulnerability
// attributes and connections to other instances. Wire types from @cvdp/core.
import type {
  Connection,
  ConnectionCreate,
  ResolutionOption,
  Tag,
  TagKind,
  TagUpdate,
  VulAttribute,
  VulAttributeCreate,
  VulAttributeUpdate,
} from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

// ---- Resolutions --------------------------------------------------------------------------------------

export interface ResolutionInput {
  name: string;
  description: string;
}

export const fetchResolutions = () =>
  coordinationApi.get<ResolutionOption[]>('manage/case/options/resolutions/').then((r) => r.data);
export const createResolution = (input: ResolutionInput) =>
  coordinationApi.post<ResolutionOption>('manage/case/options/resolutions/', input).then((r) => r.data);
export const updateResolution = (id: number, input: Partial<ResolutionInput>) =>
  coordinationApi.patch<ResolutionOption>(`manage/case/options/resolution/${id}/`, input).then((r) => r.data);
export const deleteResolution = (id: number) =>
  coordinationApi.delete(`manage/case/options/resolution/${id}/`).then(() => undefined);

// ---- Tags ---------------------------------------------------------------------------------------------

/** OPTIONS manage/tags/: the kinds a tag can have, with their labels. */
export interface TagOptions {
  kinds: { value: TagKind; display_name: string }[];
}

export const fetchTags = () => coordinationApi.get<Tag[]>('manage/tags/').then((r) => r.data);
export const fetchTagOptions = () => coordinationApi.options<TagOptions>('manage/tags/').then((r) => r.data);
export const createTag = (kind: TagKind, input: { name: string; description: string }) =>
  coordinationApi.post<Tag>(`manage/tags/${kind}/`, input).then((r) => r.data);
export const updateTag = (id: number, input: TagUpdate) =>
  coordinationApi.patch<Tag>(`manage/tag/${id}/`, input).then((r) => r.data);
export const deleteTag = (id: number) => coordinationApi.delete(`manage/tag/${id}/`).then(() => undefined);

// ---- Vulnerability attributes -------------------------------------------------------------------------

export const fetchVulAttributes = () =>
  coordinationApi.get<VulAttribute[]>('manage/vul/attributes/').then((r) => r.data);
export const createVulAttribute = (input: VulAttributeCreate) =>
  coordinationApi.post<VulAttribute>('manage/vul/attributes/', input).then((r) => r.data);
export const updateVulAttribute = (id: number, input: VulAttributeUpdate) =>
  coordinationApi.patch<VulAttribute>(`manage/vul/attributes/${id}/`, input).then((r) => r.data);
export const deleteVulAttribute = (id: number) =>
  coordinationApi.delete(`manage/vul/attributes/${id}/`).then(() => undefined);

// ---- Connections --------------------------------------------------------------------------------------

/** PATCH manage/connection/{id}/: a token given replaces the stored one (neither is ever read back). */
export type ConnectionUpdate = Partial<ConnectionCreate>;

/** POST manage/connection/{id}/test/: whether the other instance answered our token. */
export interface ConnectionTestResult {
  ok: boolean;
  detail: string;
  /** The other instance's name for itself, when it answered. */
  instance?: string;
}

export const fetchConnections = () =>
  coordinationApi.get<Connection[]>('manage/connections/', { params: { all: 1 } }).then((r) => r.data);
export const createConnection = (input: ConnectionCreate) =>
  coordinationApi.post<Connection>('manage/connections/', input).then((r) => r.data);
export const updateConnection = (id: number, input: ConnectionUpdate) =>
  coordinationApi.patch<Connection>(`manage/connection/${id}/`, input).then((r) => r.data);
export const deleteConnection = (id: number) =>
  coordinationApi.delete(`manage/connection/${id}/`).then(() => undefined);
export const testConnection = (id: number) =>
  coordinationApi.post<ConnectionTestResult>(`manage/connection/${id}/test/`).then((r) => r.data);
