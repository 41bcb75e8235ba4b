// The document around a rendered page (issue 39): the shell's server build makes it as React
// (`documentElement`, apps/shell/src/document/document.tsx) and the worker renders it with
// React's static renderer, once per render. A shell build without it (one deployed before the
// document was the shell's) has its pages go to the browser.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import type { DocumentParts, WorkerAnswer } from '../types';
import type { WorkerFederation } from './federation';

interface ShellDocument {
  documentElement(parts: DocumentParts): ReactElement;
}

const hasDocument = (value: unknown): value is ShellDocument =>
  typeof value === 'object' && value !== null && typeof (value as { documentElement?: unknown }).documentElement === 'function';

export async function renderDocument(federation: WorkerFederation, parts: DocumentParts, id: number): Promise<WorkerAnswer> {
  const server = await federation.shellServer;
  if (!hasDocument(server)) return { id, refused: 'shell-failed', message: 'the shell server build has no documentElement' };
  return { id, document: `<!doctype html>${renderToStaticMarkup(server.documentElement(parts))}` };
}
