/**
 * The metrics port (METRICS_PORT, bound to HOST): `GET /metrics` in Prometheus's text format
 * and nothing else. It is a listener of its own, never the product's port, so the figures
 * can be kept to the monitoring network by a firewall rule on one port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export const startMetricsServer = async (
  metrics: Metrics,
  { port, host, onError }: { port: number; host: string; onError: (error: unknown) => void },
): Promise<MetricsServer> => {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found: the metrics are at GET /metrics.\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be gathered.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
