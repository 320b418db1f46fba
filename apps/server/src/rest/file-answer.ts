import type { FastifyReply } from 'fastify';
import type { AppDeps, FileAnswer } from '@scmp/api';
import { sendError } from './rest-door';
import { asPage } from '../plugins/security-headers';

/**
 * The door for the operations that answer a file (packages/api/src/transport/file-operations.ts): their
 * answer becomes 200 with its headers and body, an error the error envelope (docs/api.md).
 */
export async function sendFileAnswer(
  reply: FastifyReply,
  deps: AppDeps,
  answer: () => Promise<FileAnswer>,
): Promise<FastifyReply> {
  try {
    const file = await answer();
    const page = String(file.headers['content-type']).startsWith('text/html');
    return (page ? asPage(reply) : reply).code(200).headers(file.headers).send(file.body);
  } catch (error) {
    return sendError(reply, error, deps);
  }
}
