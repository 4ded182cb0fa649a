/** The live socket, transport only: connection, reconnect, and the event subscription API. */
export { LiveSocketProvider } from './live-socket-provider';
export { useLiveConnection, useLiveEvent, useReconnected, type LiveConnection } from './live-context';
export { listenTo, type LiveSocket } from './socket-client';
