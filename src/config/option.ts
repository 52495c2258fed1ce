/**
 * The shape of one option of the model and the parsers its values go through: each turns the
 * text of a flag or a variable into a value, or refuses it with the words of `accepted`.
 */
import { z } from 'zod';

/** The commands of the CLI and what each runs. */
export const COMMANDS = {
  start: 'the embedded workspace (/v1) and the GraphQL gateway (/graphql) on one port',
  workspace: 'the embedded workspace server alone (/v1)',
  gateway: 'the GraphQL gateway alone, against any /v1 base URL (--upstream)',
  import:
    'import <folder> --space <id>: a folder of Markdown files becomes the space content, as a new revision (nested folders are nested pages; YAML front matter names a page)',
} as const;
export type Command = keyof typeof COMMANDS;

/** A value as a source gives it: a flag's text, a switch, a repeated flag's texts. */
export type Raw = string | boolean | readonly (string | boolean)[] | undefined;

/** One option: where it is read from, what it accepts and what it means. */
export interface OptionSpec<T> {
  /** Long flag, without dashes. */
  flag?: string;
  short?: string;
  /** Placeholder of the flag's value in the usage; a flag without one is a switch. */
  arg?: string;
  /** Repeatable flag: its values add to those of the variable (comma-separated). */
  multiple?: boolean;
  env?: string;
  /** The value of `env` that turns a switch on (default `1`; any other leaves it off). */
  envOn?: string;
  /** Text (or a switch's `true`) to value; `undefined` when the source gives none. */
  schema: z.ZodType<T | undefined>;
  /** The accepted values in words (docs, and every refusal names them). */
  accepted: string;
  default: T;
  /** The default in words, where the value alone does not say it. */
  defaultText?: string;
  description: string;
  /** The commands that read it (default: its group's). */
  commands?: readonly Command[];
}

/** An option of the model, typed by its value. */
export const option = <T>(spec: OptionSpec<T>): OptionSpec<T> => spec;

/** Stops the current parse with a message that completes "<option> ...". */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** The end of a refusal: the value as given. */
export const got = (text: string) => `got ${JSON.stringify(text)}`;

/** A text that `check` accepts (returning its value) or refuses (returning undefined). */
export function textAs<T>(accepted: string, check: (text: string) => T | undefined) {
  return {
    accepted,
    schema: z
      .string()
      .optional()
      .transform((text, ctx): T | undefined => {
        if (text === undefined) return undefined;
        const value = check(text);
        if (value !== undefined) return value;
        // The words are the docs' (Markdown); a terminal shows them without the backticks.
        return refuse(ctx, `must be ${accepted.replaceAll('`', '')}, ${got(text)}`);
      }),
  };
}

/** Any text, as given. */
export const text = (accepted: string) => textAs(accepted, (t) => t);

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number) {
  const accepted =
    max === Number.MAX_SAFE_INTEGER
      ? `a whole number of at least ${min}`
      : `a whole number from ${min} to ${max}`;
  return textAs(accepted, (t) => {
    const value = Number(t);
    return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
  });
}

/** One of `values`, as given. */
export const oneOf = <T extends string>(values: readonly T[]) =>
  textAs(`one of ${values.join(', ')}`, (t) => (values.includes(t as T) ? (t as T) : undefined));

/** `on` (true) or `off` (false). */
export const onOff = () =>
  textAs('one of on, off', (t) => (t === 'on' ? true : t === 'off' ? false : undefined));

/** A switch: the flag alone (or its variable at its `envOn` value) turns it on. */
export const toggle = (accepted: string) => ({ accepted, schema: z.boolean().optional() });

/** The text when it is an absolute http(s) URL. */
export const httpUrl = (t: string) => (/^https?:\/\//.test(t) && URL.canParse(t) ? t : undefined);

/** The commands that serve HTTP. */
export const SERVE = ['start', 'workspace', 'gateway'] as const;
/** The commands that run the gateway. */
export const GATEWAY = ['start', 'gateway'] as const;
