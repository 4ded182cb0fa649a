/**
 * Registers a route from its definition in the shared route table (packages/shared/src/
 * routes): method, path and aliases, who may call it (read by http/authenticate.ts before
 * anything else), the schemas Fastify validates and serialises with, and the OpenAPI entry.
 * A route file only adds the handler: schema → service → answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { failureSchema, SERVER_TROUBLE_STATUSES, type RefusalStatus, type RouteDefinition } from '@ichat/shared';
import type { z } from 'zod';

/** Every successful answer carries `success: true`: the literal the response schemas want. */
export const ok = true as const;

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

export type RouteRequest<Definition extends RouteDefinition> = FastifyRequest<{
  Params: Parsed<Definition['params']>;
  Querystring: Parsed<Definition['query']>;
  Body: Parsed<Definition['body']>;
}>;

/** What the handler answers: the response's shape, or the reply itself for a file. */
export type RouteAnswer<Definition extends RouteDefinition> = Definition['response'] extends z.ZodType
  ? z.input<Definition['response']>
  : FastifyReply;

export type RouteHandler<Definition extends RouteDefinition> = (
  request: RouteRequest<Definition>,
  reply: FastifyReply,
) => Promise<RouteAnswer<Definition>>;

export const serve = <Definition extends RouteDefinition>(
  app: FastifyInstance,
  definition: Definition,
  handler: RouteHandler<Definition>,
  options: Pick<RouteShorthandOptions, 'logLevel'> = {},
) => {
  const access = definition.access ?? 'user';
  const statuses = definition.statuses ?? [200];
  const refusals: RefusalStatus[] = [...(access === 'public' ? [] : [401 as const]), ...(definition.refusals ?? [])];
  const response = definition.response
    ? {
        ...Object.fromEntries(statuses.map((status) => [status, definition.response])),
        ...Object.fromEntries(refusals.map((status) => [status, failureSchema])),
        ...Object.fromEntries(SERVER_TROUBLE_STATUSES.filter((status) => !(statuses as readonly number[]).includes(status)).map((status) => [status, failureSchema])),
      }
    : undefined;
  const schema = {
    tags: [...definition.tags],
    summary: definition.summary,
    ...(definition.description ? { description: definition.description } : {}),
    ...(definition.hidden ? { hide: true } : {}),
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.form ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
    ...(response ? { response } : {}),
  };
  const [usualStatus] = statuses;
  for (const url of [definition.path, ...(definition.aliases ?? [])]) {
    app.route({
      method: definition.method,
      url,
      config: { access, duringPasswordChange: definition.duringPasswordChange === true },
      schema,
      ...options,
      handler: (request, reply) => {
        if (usualStatus !== undefined && usualStatus !== 200) reply.code(usualStatus);
        return handler(request as RouteRequest<Definition>, reply);
      },
    });
  }
};
