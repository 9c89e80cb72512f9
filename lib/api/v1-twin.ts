import type { z } from "zod";
import type { AuthLevel, Endpoint } from "./define-endpoint";

// A v1 path is its v2 twin plus the differences its reference entry names (velt-reference.json `v2Twin` and
// `rules`): a smaller body, another message, another reply shape. Everything not named is the twin's (auth,
// writes, run, output), so a v1 entry never repeats its twin's definition. A smaller body must parse into
// something the twin's `run` accepts; a body of another shape brings its own `run`.

type Differences<
  A extends AuthLevel,
  I extends z.ZodType,
  O extends z.ZodType,
  R extends z.ZodType,
  W extends boolean,
  T,
  Q,
> = Partial<Omit<Endpoint<A, I, O, R, W, T, Q>, "path" | "auth" | "writes">>;

/** The twin's `run` takes the v1 input as it is, unless the differences bring their own `run`. */
type RunFits<D, I extends z.ZodType, I0 extends z.ZodType> = D extends { run: unknown }
  ? unknown
  : z.output<I> extends z.output<I0>
    ? unknown
    : { input: "the v1 input must parse into the twin's input, or bring its own run" };

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
  R extends z.ZodType = R0,
  T = T0,
  D extends Differences<A, I, O, R, W, T, Q> = Differences<A, I, O, R, W, T, Q>,
>(
  twin: Endpoint<A, I0, O0, R0, W, T0, Q>,
  path: P,
  differences?: D & Differences<A, I, O, R, W, T, Q> & RunFits<D, I, I0>,
): Endpoint<A, I, O, R, W, T, Q> & { path: P } {
  return {
    ...(twin as unknown as Endpoint<A, I, O, R, W, T, Q>),
    summary: `${twin.summary} (v1 path of ${twin.path})`,
    ...differences,
    path,
  };
}
