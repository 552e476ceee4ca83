import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The install is reproducible: `npm ci` refuses a lockfile that disagrees with package.json,
// and this test says which entry drifted before CI gets that far.
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<
    string,
    { name?: string; version?: string; dependencies?: object; devDependencies?: object }
  >;
};

describe('package-lock.json', () => {
  it('records the dependencies package.json declares', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    expect(lock.packages[''].devDependencies).toEqual(pkg.devDependencies);
  });

  it('pins every direct dependency to an exact version, and locks that version', () => {
    const drift: string[] = [];
    for (const [name, spec] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      // An alias (`npm:<package>@<version>`, as Docusaurus's core names its fork of
      // react-helmet-async) pins the package it names.
      const alias = spec.match(/^npm:((?:@[^/@]+\/)?[^/@]+)@(.+)$/);
      const [target, version] = alias ? [alias[1]!, alias[2]!] : [name, spec];
      if (!/^\d+\.\d+\.\d+$/.test(version)) drift.push(`${name}: "${spec}" is a range`);
      const entry = lock.packages[`node_modules/${name}`];
      if (entry?.version !== version || (alias && entry.name !== target)) {
        drift.push(
          `${name}: package.json ${spec}, lockfile ${entry?.name ?? name}@${entry?.version}`,
        );
      }
    }
    expect(drift).toEqual([]);
  });
});
