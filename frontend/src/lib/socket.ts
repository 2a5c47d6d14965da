import { io, type Socket } from 'socket.io-client';

let socket: Socket | undefined;

/**
 * The one socket.io connection to the realtime-gateway, on this origin (the edge forwards
 * `/socket.io`). The session cookie authenticates the handshake, so it connects only once signed in.
 */
export function getSocket(): Socket {
  socket ??= io({ path: '/socket.io', withCredentials: true, autoConnect: false });
  return socket;
}
