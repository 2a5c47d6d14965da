import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@careers/contracts/sockets';
import { io, type Socket } from 'socket.io-client';

/** The socket with the events and payloads the contracts declare. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * The one socket.io connection to the realtime-gateway, on this origin (the edge forwards
 * `/socket.io`). The session cookie authenticates the handshake, so it connects only once signed in.
 */
export function getSocket(): AppSocket {
  socket ??= io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false });
  return socket;
}
