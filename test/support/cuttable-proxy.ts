import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP proxy to PostgreSQL that a test can cut and restore on the same port. */
export class CuttableProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  constructor(private readonly target: { host: string; port: number }) {}

  async listen(port = 0): Promise<number> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
