import Fastify from 'fastify';
import { multipartBody } from '../testing/multipart';
import { acceptMultipart, parseMultipart, UPLOAD_LIMIT_BYTES, uploadOf } from './multipart';
import { HttpError } from './errors';

describe('multipart bodies', () => {
  it('parses text fields, and file parts with their bytes (a CRLF inside the file included)', async () => {
    const data = Buffer.from([1, 2, 13, 10, 3]);
    const { payload, contentType } = multipartBody({ name: 'file', filename: 'me.png', type: 'image/png', data }, { storeCode: 'BLR01' });
    const { fields, files } = await parseMultipart(payload, contentType);
    expect(fields).toEqual({ storeCode: 'BLR01', file: { filename: 'me.png', mimetype: 'image/png', size: 5 } });
    expect(files.get('file')).toEqual({ filename: 'me.png', mimetype: 'image/png', size: 5, data });
  });

  it('refuses a body it cannot read with a 400', async () => {
    const { payload } = multipartBody({ name: 'file', filename: 'me.png', type: 'image/png', data: Buffer.from('x') });
    await expect(parseMultipart(payload, 'multipart/form-data')).rejects.toMatchObject({ status: 400, field: 'body' });
    await expect(parseMultipart(Buffer.from('not multipart at all'), 'multipart/form-data; boundary=zz')).rejects.toBeInstanceOf(HttpError);
  });
});

describe('acceptMultipart', () => {
  async function server() {
    const app = Fastify();
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      const status = error instanceof HttpError ? error.status : (error.statusCode ?? 500);
      void reply.status(status).send({ message: error.message, ...(error instanceof HttpError && error.field ? { field: error.field } : {}) });
    });
    await app.register(async (scope) => {
      acceptMultipart(scope, 'unbounded');
      scope.post('/upload', async (request) => {
        const upload = uploadOf(request, 'file', 'Please choose a photo.');
        return { body: request.body, bytes: [...upload.data] };
      });
    });
    // Outside the scope, no multipart parser: other areas are not disturbed.
    app.post('/elsewhere', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('gives a scope the parsed fields as body and the bytes through uploadOf; other scopes refuse multipart', async () => {
    const app = await server();
    const { payload, contentType } = multipartBody(
      { name: 'file', filename: 'face.png', type: 'image/png', data: Buffer.from([9, 8, 7]) },
      { phone: '9876543210' },
    );
    const answer = await app.inject({ method: 'POST', url: '/upload', payload, headers: { 'content-type': contentType } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ body: { phone: '9876543210', file: { filename: 'face.png', mimetype: 'image/png', size: 3 } }, bytes: [9, 8, 7] });
    expect((await app.inject({ method: 'POST', url: '/elsewhere', payload, headers: { 'content-type': contentType } })).statusCode).toBe(415);
    await app.close();
  });

  it('answers 400 naming the field when the file part is missing, and 413 past the size limit', async () => {
    const app = await server();
    const { payload, contentType } = multipartBody({ name: 'other', filename: 'face.png', type: 'image/png', data: Buffer.from([1]) });
    const missing = await app.inject({ method: 'POST', url: '/upload', payload, headers: { 'content-type': contentType } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Please choose a photo.', field: 'file' });
    const big = multipartBody({ name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1) });
    expect((await app.inject({ method: 'POST', url: '/upload', payload: big.payload, headers: { 'content-type': big.contentType } })).statusCode).toBe(413);
    await app.close();
  });
});
