import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** One action as the fake PBX received it: the raw lines (without CRLF) and a lookup. */
export interface ReceivedAction {
  connection: number;
  lines: string[];
  get(key: string): string | undefined;
  getAll(key: string): string[];
}

export type OriginateMode =
  /** Response Success, then the OriginateResponse event after eventDelayMs. */
  | 'success'
  /** Event and response in one write, event first (Asterisk can do this for an unreachable phone). */
  | 'event-first'
  /** Response Success, then the connection drops before any event. */
  | 'success-then-drop'
  /** Response Error with errorMessage. */
  | 'error'
  /** Response Success only after responseDelayMs (a slow PBX), then the event after eventDelayMs. */
  | 'late'
  /** Response Error with errorMessage, only after responseDelayMs. */
  | 'late-error'
  /** No answer at all. */
  | 'silent';

export interface FakeAmiOptions {
  banner?: string;
  username?: string;
  secret?: string;
  /** 0 (default) picks a free port; a fixed one brings a "restarted PBX" back where it was. */
  port?: number;
}

export type ReplyFn = (text: string) => void;

const CRLF = '\r\n';

/** Pieces of uneven size so messages arrive cut inside keys, values and CRLF pairs. */
const PIECE_SIZES = [1, 7, 3, 13, 2, 29, 5];

function message(fields: readonly (readonly [string, string | number])[]): string {
  return fields.map(([key, value]) => `${key}: ${value}`).join(CRLF) + CRLF + CRLF;
}

/**
 * A small Asterisk Manager stand-in on 127.0.0.1: banner, Login, Ping, Originate (with a later
 * OriginateResponse), Logoff. Output is written in deliberately small pieces, one per tick.
 */
export class FakeAmiServer {
  readonly actions: ReceivedAction[] = [];
  connectionCount = 0;
  answerPings = true;
  originateMode: OriginateMode = 'success';
  originateReason = 4;
  eventDelayMs = 20;
  responseDelayMs = 300;
  errorMessage = 'Extension does not exist.';
  /** Runs before the built-in handling; return true when the action was answered here. */
  onAction: ((action: ReceivedAction, reply: ReplyFn) => boolean) | undefined;

  private readonly sockets = new Set<Socket>();
  private readonly waiters: {
    test: (action: ReceivedAction) => boolean;
    resolve: (a: ReceivedAction) => void;
  }[] = [];

  private constructor(
    private readonly server: Server,
    private readonly options: Required<Omit<FakeAmiOptions, 'port'>>,
  ) {}

  static async start(options: FakeAmiOptions = {}): Promise<FakeAmiServer> {
    const server = createServer();
    const fake = new FakeAmiServer(server, {
      banner: options.banner ?? 'Asterisk Call Manager/7.0.3',
      username: options.username ?? 'crm',
      secret: options.secret ?? 's3cret',
    });
    server.on('connection', (socket) => fake.accept(socket));
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  actionsNamed(name: string): ReceivedAction[] {
    return this.actions.filter((action) => action.get('Action') === name);
  }

  /** Resolves with the first action (already received or future) that passes the test. */
  waitForAction(test: (action: ReceivedAction) => boolean, timeoutMs = 1_000): Promise<ReceivedAction> {
    const found = this.actions.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('fake AMI: expected action did not arrive')),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (action) => {
          clearTimeout(timer);
          resolve(action);
        },
      });
    });
  }

  /** Drops every client connection, as a PBX restart or a network cut would. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.connectionCount += 1;
    const connection = this.connectionCount;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);

    let queue = Promise.resolve();
    const reply: ReplyFn = (text) => {
      queue = queue.then(() => writeInPieces(socket, text));
    };
    const replyWhole = (text: string): void => {
      queue = queue.then(() => {
        if (!socket.destroyed) socket.write(text);
      });
    };
    const drop = (): void => {
      queue = queue.then(() => {
        socket.destroy();
      });
    };
    // The banner is one line without a blank line after it; cut it inside the CRLF on purpose.
    reply(this.options.banner + CRLF);

    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf(CRLF + CRLF);
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 4);
        end = buffer.indexOf(CRLF + CRLF);
        const action = parseAction(connection, block);
        this.actions.push(action);
        for (const waiter of [...this.waiters]) {
          if (!waiter.test(action)) continue;
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(action);
        }
        if (this.onAction?.(action, reply)) continue;
        this.handle(action, { reply, replyWhole, drop });
      }
    });
  }

  private handle(
    action: ReceivedAction,
    out: { reply: ReplyFn; replyWhole: ReplyFn; drop: () => void },
  ): void {
    const actionId = action.get('ActionID') ?? '';
    switch (action.get('Action')) {
      case 'Login': {
        const ok =
          action.get('Username') === this.options.username && action.get('Secret') === this.options.secret;
        if (!ok) {
          // Asterisk ends the session after a failed login.
          out.reply(
            message([
              ['Response', 'Error'],
              ['ActionID', actionId],
              ['Message', 'Authentication failed'],
            ]),
          );
          out.drop();
          return;
        }
        out.reply(
          message([
            ['Response', 'Success'],
            ['ActionID', actionId],
            ['Message', 'Authentication accepted'],
          ]) +
            message([
              ['Event', 'FullyBooted'],
              ['Privilege', 'system,all'],
              ['Status', 'Fully Booted'],
            ]),
        );
        return;
      }
      case 'Ping':
        if (this.answerPings) {
          out.reply(
            message([
              ['Response', 'Success'],
              ['ActionID', actionId],
              ['Ping', 'Pong'],
              ['Timestamp', '1700000000.0'],
            ]),
          );
        }
        return;
      case 'Originate':
        this.originate(action, actionId, out);
        return;
      case 'Logoff':
        out.reply(
          message([
            ['Response', 'Goodbye'],
            ['ActionID', actionId],
            ['Message', 'Thanks for all the fish.'],
          ]),
        );
        out.drop();
        return;
      default:
        out.reply(
          message([
            ['Response', 'Error'],
            ['ActionID', actionId],
            ['Message', 'Invalid/unknown command'],
          ]),
        );
    }
  }

  private originate(
    action: ReceivedAction,
    actionId: string,
    out: { reply: ReplyFn; replyWhole: ReplyFn; drop: () => void },
  ): void {
    const queued = message([
      ['Response', 'Success'],
      ['ActionID', actionId],
      ['Message', 'Originate successfully queued'],
    ]);
    const event = message([
      ['Event', 'OriginateResponse'],
      ['Privilege', 'call,all'],
      ['ActionID', actionId],
      ['Response', this.originateReason === 4 ? 'Success' : 'Failure'],
      ['Channel', `${action.get('Channel') ?? ''}-00000001`],
      ['Context', action.get('Context') ?? ''],
      ['Exten', action.get('Exten') ?? ''],
      ['Reason', this.originateReason],
      ['Uniqueid', '1700000000.42'],
      ['CallerIDNum', '<unknown>'],
      ['CallerIDName', '<unknown>'],
    ]);
    switch (this.originateMode) {
      case 'success':
        out.reply(queued);
        setTimeout(() => out.reply(event), this.eventDelayMs);
        return;
      case 'event-first':
        out.replyWhole(event + queued);
        return;
      case 'success-then-drop':
        out.reply(queued);
        out.drop();
        return;
      case 'error':
        out.reply(
          message([
            ['Response', 'Error'],
            ['ActionID', actionId],
            ['Message', this.errorMessage],
          ]),
        );
        return;
      case 'late':
        setTimeout(() => {
          out.reply(queued);
          setTimeout(() => out.reply(event), this.eventDelayMs);
        }, this.responseDelayMs);
        return;
      case 'late-error':
        setTimeout(() => {
          out.reply(
            message([
              ['Response', 'Error'],
              ['ActionID', actionId],
              ['Message', this.errorMessage],
            ]),
          );
        }, this.responseDelayMs);
        return;
      case 'silent':
        return;
    }
  }
}

function parseAction(connection: number, block: string): ReceivedAction {
  const lines = block.split(CRLF);
  const getAll = (key: string): string[] =>
    lines
      .filter((line) => line.toLowerCase().startsWith(`${key.toLowerCase()}: `))
      .map((line) => line.slice(key.length + 2));
  return { connection, lines, getAll, get: (key) => getAll(key)[0] };
}

async function writeInPieces(socket: Socket, text: string): Promise<void> {
  let offset = 0;
  let index = 0;
  while (offset < text.length) {
    if (socket.destroyed) return;
    const size = PIECE_SIZES[index % PIECE_SIZES.length] ?? 1;
    socket.write(text.slice(offset, offset + size));
    offset += size;
    index += 1;
    // A tick between writes so they leave as separate TCP segments instead of being merged.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Polls until the condition holds; for states the client reaches asynchronously. */
export async function waitUntil(condition: () => boolean, timeoutMs = 1_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
