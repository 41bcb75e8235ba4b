import { createHash } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { coreEndpoints } from '@eyewear/api-client';
import { type Database } from '../db/database';
import { route } from '../http/endpoint';
import { notFound } from '../http/errors';
import { drawProductImage } from '../images/svg';
import { type SeedProduct } from '../seed/types';

export function imageRoutes(app: FastifyInstance, rootDb: Database) {
  route(
    app,
    coreEndpoints.productImage,
    async ({ params, request, reply }) => {
      const [row] = await rootDb.query<{ data: SeedProduct }>('select data from products where id = $1', [params.id]);
      if (!row) throw notFound(`No product ${params.id}`);
      const svg = drawProductImage(row.data, params.view.replace('.svg', '') as 'front' | 'side' | 'worn');
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      reply.header('etag', etag);
      // An image is never a document: nothing in it may run.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === etag) {
        reply.code(304).send();
        return '';
      }
      return svg;
    },
    { raw: { contentType: 'image/svg+xml; charset=utf-8', cacheControl: 'public, max-age=86400' } },
  );
}
