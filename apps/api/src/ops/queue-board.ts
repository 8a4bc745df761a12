import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BULL_BOARD_PATH } from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenService } from '../auth/token.service';
import { isDependencyUnavailable } from '../common/errors';
import { QueueInspector } from '../monitoring/queue-inspector';

/** The cookie that admits a browser to bull-board, set by POST OPS_ROUTES.boardSession. */
export const BOARD_COOKIE = 'foodlink_board';
export const BOARD_SESSION_SECONDS = 15 * 60;

/**
 * Mounts bull-board at BULL_BOARD_PATH for operators only. A browser navigation cannot carry the bearer
 * token, so the board accepts the short-lived cookie the console asks for first (or a bearer token, for
 * scripts). Everyone else is refused before bull-board sees the request: 401 without a valid session,
 * 403 for donors and charities.
 */
export async function mountQueueBoard(app: NestFastifyApplication): Promise<void> {
  const inspector = app.get(QueueInspector);
  const tokens = app.get(TokenService);
  const board = new FastifyAdapter();
  board.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: [...inspector.queues.values()].map((queue) => new BullMQAdapter(queue)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Food Link queues' } },
  });
  // A Redis that is away or does not answer is a 503 in the API's error shape, not bull-board's 500.
  board.setErrorHandler((error) =>
    isDependencyUnavailable(error)
      ? boardAnswer(503, unavailableBody())
      : boardAnswer(500, { statusCode: 500, error: 'Internal Server Error', message: 'The queue inspector failed' }),
  );

  const admitOperators = async (request: FastifyRequest, reply: FastifyReply) => {
    // The cookie holds a board token (narrow: bull-board only, 15 minutes); scripts may send a session token.
    const cookie = request.cookies[BOARD_COOKIE];
    const bearer = TokenService.fromAuthorizationHeader(request.headers.authorization);
    const user = cookie ? await tokens.verifyBoard(cookie) : bearer ? await tokens.verify(bearer) : null;
    if (!user) return refuse(reply, 401, 'Open the queue inspector from the operator console (/ops)');
    if (user.userType !== 'operator') return refuse(reply, 403, 'Only operator accounts may inspect the queues');
    // One bounded PING first: a page of bull-board makes many Redis calls, each of which would wait.
    try {
      await inspector.ping();
    } catch {
      return reply.code(503).header('cache-control', 'no-store').send(unavailableBody());
    }
  };

  await app.getHttpAdapter().getInstance().register(async (scope) => {
    scope.addHook('onRequest', admitOperators);
    await scope.register(board.registerPlugin(), { prefix: BULL_BOARD_PATH });
  });
}

type BoardAnswer = ReturnType<Parameters<FastifyAdapter['setErrorHandler']>[0]>;

/** bull-board's type lists fewer statuses than its Fastify adapter sends (any `status` goes out as is). */
function boardAnswer(status: number, body: object): BoardAnswer {
  return { status, body } as unknown as BoardAnswer;
}

function unavailableBody() {
  return { statusCode: 503, error: 'Service Unavailable', message: 'Redis is unavailable; the queues cannot be inspected now' };
}

function refuse(reply: FastifyReply, statusCode: 401 | 403, message: string): FastifyReply {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .send({ statusCode, error: statusCode === 401 ? 'Unauthorized' : 'Forbidden', message });
}
