import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = 3000;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    // In development the API runs on its own port; the proxy makes it same-origin, and
    // presents the API's own origin so the server's cross-site check lets it through.
    proxy: {
      '/graphql': { target: `http://localhost:${API_PORT}`, headers: { origin: `http://localhost:${API_PORT}` } },
      '/healthz': `http://localhost:${API_PORT}`,
    },
  },
});
