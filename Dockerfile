# syntax=docker/dockerfile:1
# Production images, on Node 22: `runner` (the web server, Next.js standalone output, migrations applied at
# start) and `tools` (the job worker, the SMTP receiver and the command-line tools: admin, backup,
# restore), both small and run as an unprivileged user. Every other stage only builds them.
ARG NODE_IMAGE=node:22-bookworm-slim
# Node 22's bundled npm 10 refuses this lock ("Missing: esbuild@... from lock file"); npm 11 wrote it.
ARG NPM_VERSION=11.19.1

FROM ${NODE_IMAGE} AS npm
ARG NPM_VERSION
RUN npm install -g --no-audit --no-fund "npm@${NPM_VERSION}"
WORKDIR /app
COPY package.json package-lock.json ./

FROM npm AS deps
RUN npm ci --no-audit --no-fund

# What the tools run on: the production dependencies only (tsx among them, which runs the TypeScript).
FROM npm AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS builder
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
# The policy links are written into the pages at build time (.env stays out of the build context).
ARG NEXT_PUBLIC_TERMS_URL
ARG NEXT_PUBLIC_PRIVACY_URL
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# The worker, the SMTP receiver and the command-line tools: the sources they run and the production
# dependencies, without the build. Started without npm, which would pass `docker stop`'s SIGTERM to a
# shell that does not pass it on.
FROM ${NODE_IMAGE} AS tools
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/app/.data
RUN groupadd --system --gid 1001 paperboy && useradd --system --uid 1001 --gid paperboy paperboy \
  && mkdir -p /app/.data && chown paperboy:paperboy /app/.data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY db ./db
COPY lib ./lib
COPY scripts ./scripts
USER paperboy
CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/smtp.ts"]

FROM ${NODE_IMAGE} AS runner
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/app/.data
RUN groupadd --system --gid 1001 paperboy && useradd --system --uid 1001 --gid paperboy paperboy \
  && mkdir -p /app/.data && chown paperboy:paperboy /app/.data
COPY --from=builder --chown=paperboy:paperboy /app/.next/standalone ./
COPY --from=builder --chown=paperboy:paperboy /app/.next/static ./.next/static
COPY --from=builder --chown=paperboy:paperboy /app/public ./public
COPY --from=builder --chown=paperboy:paperboy /app/db ./db
USER paperboy
EXPOSE 3000
# Liveness: the process answers. docker-compose.yml checks readiness (/api/health/ready) instead, so
# the services that wait for the app wait for its migrations.
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
