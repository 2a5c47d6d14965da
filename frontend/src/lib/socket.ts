import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MS,
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
  if (!socket) {
    const created: AppSocket = io({
      path: SOCKET_PATH,
      withCredentials: true,
      autoConnect: false,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    });
    // The gateway closes a socket whose session ended: a sign-out, or a password change, which in this
    // tab leaves the browser holding the new session. One new handshake tells which: with the new
    // session it connects, with none the gateway refuses it and socket.io does not retry.
    created.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') created.connect();
    });
    socket = created;
  }
  return socket;
}
