// Where CVE records are read from, one file at a time (never all in memory): a folder (walked, .json files in
// name order), a .zip (entries read with yauzl one after another), or single .json files. A file over the
// record limit is reported without being read whole; a broken zip is reported and the rest goes on.
import { createReadStream } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MAX_RECORD_BYTES } from './parse-record.ts';

/** Where a record of base 1 came from (coordination-sync.ts): its case and vulnerability there. */
export interface CoordinationLink {
  caseId: number;
  caseVulId: number;
}

export type SourceFile =
  { name: string; bytes: Buffer; link?: CoordinationLink } | { name: string; error: string };

export const TOO_LARGE = 'The record is larger than 3.8 MB.';

/** Reads a stream up to `max` bytes; past it, stops and answers null. */
export async function readBounded(stream: Readable, max = MAX_RECORD_BYTES): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

async function* readJsonFile(file: string, name: string): AsyncGenerator<SourceFile> {
  const info = await stat(file);
  if (info.size > MAX_RECORD_BYTES) {
    yield { name, error: TOO_LARGE };
    return;
  }
  const bytes = await readBounded(createReadStream(file));
  yield bytes ? { name, bytes } : { name, error: TOO_LARGE };
}

/** Folders walked depth-first in name order, so a run's order (and its report) is stable. */
async function* walk(dir: string): AsyncGenerator<string> {
  const entries: { name: string; isDir: boolean }[] = [];
  for await (const e of await opendir(dir)) entries.push({ name: e.name, isDir: e.isDirectory() });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDir) yield* walk(full);
    else yield full;
  }
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );
}

/** The .json entries of a zip, one at a time (the next entry is read only when the caller asks for it). */
export async function* readZip(file: string, label = path.basename(file)): AsyncGenerator<SourceFile> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    yield { name: label, error: `Not a readable zip file: ${(error as Error).message}` };
    return;
  }
  try {
    while (true) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          zip.off('end', onEnd);
          zip.off('error', onError);
          resolve(e);
        };
        const onEnd = () => {
          zip.off('entry', onEntry);
          zip.off('error', onError);
          resolve(null);
        };
        const onError = (err: Error) => {
          zip.off('entry', onEntry);
          zip.off('end', onEnd);
          reject(err);
        };
        zip.once('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      const name = `${label}:${entry.fileName}`;
      if (entry.fileName.endsWith('/') || !entry.fileName.toLowerCase().endsWith('.json')) continue;
      if (path.basename(entry.fileName).startsWith('._')) continue; // macOS resource forks
      if (entry.uncompressedSize > MAX_RECORD_BYTES) {
        yield { name, error: TOO_LARGE };
        continue;
      }
      let result: SourceFile;
      try {
        const stream = await new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
        );
        const bytes = await readBounded(stream);
        result = bytes ? { name, bytes } : { name, error: TOO_LARGE };
      } catch (error) {
        result = { name, error: `Unreadable zip entry: ${(error as Error).message}` };
      }
      yield result;
    }
  } catch (error) {
    yield { name: label, error: `The zip file is damaged: ${(error as Error).message}` };
  } finally {
    zip.close();
  }
}

/**
 * Every file of the given paths: folders (their .json and .zip files), .zip files, .json files. Names in
 * reports are relative to the folder given, or the file's own name.
 */
export async function* readSources(paths: string[]): AsyncGenerator<SourceFile> {
  for (const p of paths) {
    let info;
    try {
      info = await stat(p);
    } catch {
      yield { name: p, error: 'No such file or folder.' };
      continue;
    }
    if (info.isDirectory()) {
      for await (const file of walk(p)) {
        const name = path.relative(p, file);
        const lower = file.toLowerCase();
        if (lower.endsWith('.json')) yield* readJsonFile(file, name);
        else if (lower.endsWith('.zip')) yield* readZip(file, name);
      }
    } else if (p.toLowerCase().endsWith('.zip')) {
      yield* readZip(p);
    } else {
      yield* readJsonFile(p, path.basename(p));
    }
  }
}
