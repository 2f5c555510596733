# syntax=docker/dockerfile:1
# Multi-stage: build the PWA and install production dependencies, then run as a non-root user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source on Node 20 (STACK.md).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY migrations/package.json migrations/
COPY sync-server/package.json sync-server/
COPY web/package.json web/
COPY sw/package.json sw/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# DejaVu draws the campus name on the install icons; ffmpeg probes, remuxes and posters uploaded videos.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core ffmpeg \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "sync-server/src/main.ts"]
