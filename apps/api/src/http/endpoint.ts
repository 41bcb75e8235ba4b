import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { type Endpoint } from '@eyewear/api-client';
import { badRequest } from './errors';

export interface Handled<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

function firstIssue(error: z.ZodError, where: string) {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  const message = issue ? `${field}: ${issue.message}` : `${where} is not valid`;
  return badRequest(message, field);
}

/**
 * Registers a route from its contract declaration. Params, query and body are validated
 * before the handler runs (400 naming the field); the handler's answer is checked against
 * the declared response before it is sent, so the server cannot drift from the client.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: Handled<E>) => Promise<z.input<E['response']>> | z.input<E['response']>,
  options: { raw?: { contentType: string; cacheControl?: string } } = {},
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const params = endpoint.params.safeParse(request.params ?? {});
      if (!params.success) throw firstIssue(params.error, 'params');
      const query = endpoint.query.safeParse(request.query ?? {});
      if (!query.success) throw firstIssue(query.error, 'query');
      const body = endpoint.body.safeParse(request.body ?? undefined);
      if (!body.success) throw firstIssue(body.error, 'body');
      const answer = await handler({ params: params.data, query: query.data, body: body.data, request, reply } as Handled<E>);
      if (reply.sent) return reply;
      const checked = endpoint.response.parse(answer);
      if (options.raw) {
        reply.header('content-type', options.raw.contentType);
        if (options.raw.cacheControl) reply.header('cache-control', options.raw.cacheControl);
        return reply.send(checked);
      }
      return checked;
    },
  });
}
