// The CWE release shipped with the app: MITRE's XML inside the cwe-sdk package (only the XML is used).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export function bundledCweXmlPath(): string {
  const sdkPackageJson = createRequire(import.meta.url).resolve('cwe-sdk/package.json');
  return path.join(path.dirname(sdkPackageJson), 'raw', 'cwe-archive.xml');
}

export async function readBundledCweXml(): Promise<string> {
  return readFile(bundledCweXmlPath(), 'utf8');
}
