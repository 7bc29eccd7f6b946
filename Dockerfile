# syntax=docker/dockerfile:1
# phishgate: multi-stage build. Native modules (better-sqlite3) compile in the build stage; the runtime
# stage carries only production dependencies and the compiled JavaScript, and runs as a non-root user.

FROM node:20-slim AS build
WORKDIR /app
# Toolchain for node-gyp (better-sqlite3 builds from source when no prebuilt binary matches).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts/build.mjs ./scripts/build.mjs
# The build writes the parsed defaults beside the compiled loader (docs/performance.md, "Start-up").
COPY config ./config
# `npm ci` runs the `prepare` script, which compiles src/ to dist/.
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PHISHGATE_DB=/data/phishgate.db \
    PHISHGATE_CONFIG=/app/config/docker.yaml
WORKDIR /app
RUN groupadd --system phishgate \
 && useradd --system --gid phishgate --home-dir /app --shell /usr/sbin/nologin phishgate \
 && mkdir -p /data \
 && chown phishgate:phishgate /data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY config ./config
COPY assets ./assets
COPY models ./models
USER phishgate
VOLUME ["/data"]
# REST API, SMTP content filter, milter.
EXPOSE 8080 10025 8891
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PHISHGATE_HTTP_PORT || 8080) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/cli/main.js"]
CMD ["serve"]
