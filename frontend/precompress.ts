/**
 * A build step of vite.config.ts: beside each text asset of the build worth compressing, a `.gz` made
 * once at the highest level, which the edge sends as it is (nginx `gzip_static`, docker/nginx.conf)
 * instead of compressing every answer again at a low level. Source maps are left alone: only a
 * developer's tools fetch them.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Smaller files gain less than the bytes of a header: nginx compresses them (or not) itself. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `<file>.gz` for each compressible file of `folder`; returns how many. */
export function precompressFolder(folder: string): number {
  let written = 0;
  for (const path of filesUnder(folder)) {
    if (!compressible.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    written += 1;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'careers:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
