import type { z } from "zod";
import type { AuthLevel, Endpoint } from "./define-endpoint";

// A v1 path is its v2 twin plus the differences its reference entry names (velt-reference.json `v2Twin` and
// `rules`): a smaller body, another message, another reply shape. Everything not named is the twin's (auth,
// writes, run, output), so a v1 entry never repeats its twin's definition. A smaller body must parse into
// something the twin's `run` accepts; a body or a reply of another shape brings its own `run`.

type Differences<
  A extends AuthLevel,
  I extends z.ZodType,
  O extends z.ZodType,
  R extends z.ZodType,
  W extends boolean,
  T,
  Q,
> = Partial<Omit<Endpoint<A, I, O, R, W, T, Q>, "path" | "auth" | "writes">>;

type Twin<
  A extends AuthLevel,
  I extends z.ZodType,
  O extends z.ZodType,
  R extends z.ZodType,
  W extends boolean,
  T,
  Q,
> = Endpoint<A, I, O, R, W, T, Q>;

/** A `run` of its own (another body or reply shape), usually the twin's verb with its result reshaped. */
export function v1Twin<
  A extends AuthLevel,
  I0 extends z.ZodType,
  O0 extends z.ZodType,
  R0 extends z.ZodType,
  W extends boolean,
  T0,
  Q,
  const P extends `/v1/${string}`,
  I extends z.ZodType = I0,
  O extends z.ZodType = O0,
  T = T0,
  R extends z.ZodType = R0,
>(
  twin: Twin<A, I0, O0, R0, W, T0, Q>,
  path: P,
  differences: Differences<A, I, O, R, W, T, Q> & Pick<Endpoint<A, I, O, R, W, T, Q>, "run">,
): Endpoint<A, I, O, R, W, T, Q> & { path: P };
/** The twin's `run` as it is: a v1 input (when given) parses into the twin's input. */
export function v1Twin<
  A extends AuthLevel,
  I0 extends z.ZodType,
  O extends z.ZodType,
  R0 extends z.ZodType,
  W extends boolean,
  T,
  Q,
  const P extends `/v1/${string}`,
  I extends z.ZodType = I0,
  R extends z.ZodType = R0,
>(
  twin: Twin<A, I0, O, R0, W, T, Q>,
  path: P,
  differences?: Omit<Differences<A, I, O, R, W, T, Q>, "run"> & { input?: z.ZodType<z.output<I0>> },
): Endpoint<A, I, O, R, W, T, Q> & { path: P };
export function v1Twin(twin: Endpoint, path: string, differences: Partial<Endpoint> = {}): Endpoint {
  return { ...twin, summary: `${twin.summary} (v1 path of ${twin.path})`, ...differences, path };
}
