# syntax=docker/dockerfile:1
# Production image: Next.js standalone output on Node 22, migrations applied at start.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:22-bookworm-slim AS builder
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
# The policy links are written into the pages at build time (.env stays out of the build context).
ARG NEXT_PUBLIC_TERMS_URL
ARG NEXT_PUBLIC_PRIVACY_URL
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# Command-line tools (SMTP receiver, mail and catalog scripts) need the sources and tsx.
# Started without npm, which would pass `docker stop`'s SIGTERM to a shell that does not pass it on.
FROM builder AS tools
ENV NODE_ENV=production
CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/smtp.ts"]

FROM node:22-bookworm-slim AS runner
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
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
