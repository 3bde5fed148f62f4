# Release image: production dependencies only, compiled JavaScript, no development module
# (src/plugins/dev is excluded from tsconfig.build.json), non-root, data in a volume.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The console's sources: npm run build builds them into dist/web (vite, a dev dependency's).
COPY web ./web
# npm run build bundles the server's entry after tsc (scripts/startBuild/bundle.mjs, esbuild: a dev dependency's).
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
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
CMD ["node", "--max-semi-space-size=32", "dist/src/main.js"]
