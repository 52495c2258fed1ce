import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configurationMarkdown, flagText, helpText } from '../../src/config/usage.ts';
import { GROUPS, LIMITS, type OptionGroup } from '../../src/config.ts';

const BIN = new URL('../../bin/docs-graph.js', import.meta.url).pathname;
const specs = (GROUPS as readonly OptionGroup[]).flatMap((g) => Object.values(g.options));

describe('the usage and the configuration reference', () => {
  it('docs/configuration.md is what the model renders (npm run docs:config)', () => {
    const committed = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    expect(committed).toBe(configurationMarkdown());
  });

  it('docs/configuration.md lists every option, variable and limit', () => {
    const docs = configurationMarkdown();
    for (const spec of specs) {
      // Table cells escape `|`.
      if (spec.flag) expect(docs).toContain(`\`${flagText(spec).replaceAll('|', '\\|')}\``);
      if (spec.env) expect(docs).toContain(spec.env);
    }
    for (const name of Object.keys(LIMITS)) expect(docs).toContain(`| \`${name}\` |`);
  });

  it('docs-graph --help prints the usage rendered from the model, every option in it', () => {
    const help = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help).toBe(helpText());
    for (const spec of specs) {
      expect(help).toContain(flagText(spec));
      if (spec.env) expect(help).toContain(spec.env);
    }
    for (const [name, spec] of Object.entries(LIMITS))
      expect(help).toContain(`${name}=${spec.default}`);
  });
});
