// A case's conversation and files: the Threads and Artifacts tabs of the case page (which loads lazily).
export { ThreadsTab } from './components/ThreadsTab.tsx';
export { ArtifactsTab } from './components/ArtifactsTab.tsx';
