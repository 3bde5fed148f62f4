# Release image: production dependencies only, compiled JavaScript, no development module
# (src/plugins/dev is excluded from tsconfig.build.json), non-root, data in a volume.
#
# The base image and the uWebSockets.js build are build arguments (README.md, "Runtime"). The defaults are the
# supported, tested runtime: Node.js 20 on Debian 12 (glibc 2.36) with uWS 20.30. The way up, NOT TESTED here
# (our machines have glibc 2.36, and the newer uWS binaries need 2.38; docs/adr/0062-request-ids-logs-and-runtime.md):
#   docker build --build-arg NODE_IMAGE=node:24-trixie-slim \
#     --build-arg UWS_PACKAGE=npm:@btc-vision/uwebsockets.js@20.57.0 -t svc:node24 .
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE} AS build
# Empty: the build package-lock.json pins. Otherwise an npm spec installed under the name uWebSockets.js.
ARG UWS_PACKAGE=
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund \
 && if [ -n "$UWS_PACKAGE" ]; then npm install --no-audit --no-fund --save-exact "uWebSockets.js@$UWS_PACKAGE"; fi
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The console's sources: npm run build builds them into dist/web (vite, a dev dependency's).
COPY web ./web
# npm run build bundles the server's entry after tsc (scripts/startBuild/bundle.mjs, esbuild: a dev dependency's).
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    SVC_ENV=production \
    SVC_HOST=0.0.0.0 \
    SVC_PORT=8080 \
    SVC_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
# The console, served under /app/ (the server looks beside itself: dist/web).
COPY --from=build /app/dist/web ./dist/web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SVC_PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "--no-incremental-marking-task", "dist/src/main.js"]
