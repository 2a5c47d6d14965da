import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { edgeRouting } from './edge-proxy.ts';
import { edgeConfigFromEnv } from './edge-routing.ts';

const edge = edgeConfigFromEnv(process.env);

export default defineConfig({
  plugins: [react(), edgeRouting(edge.targets)],
  server: { host: '127.0.0.1', port: edge.port, strictPort: true },
  preview: { host: '127.0.0.1', port: edge.port, strictPort: true },
  build: { outDir: 'dist', sourcemap: true },
});
