import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const ciRun = readFileSync(join(root, '.ci', 'run'), 'utf8');

/** The bash code blocks of the README, in order. */
const commands = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1].trim());

describe('README set-up commands', () => {
  it('opens with exactly two commands: run the site, run every test', () => {
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/^npm ci && .*npm run serve$/);
    expect(commands[1]).toMatch(/^npm ci && npm test$/);
  });

  it('.ci/run calls the README test command verbatim', () => {
    const lines = ciRun.split('\n').map((l) => l.trim());
    expect(lines).toContain(commands[1]);
  });

  it('serves on port 3000 as the README says', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts.serve).toMatch(/docusaurus serve/);
    expect(pkg.scripts.serve).not.toMatch(/--port/);
    expect(readme).toContain('http://localhost:3000');
  });
});
