# Stand-in for caddy:2.11.2-alpine where Docker Hub cannot be reached (npm run test:compose builds it):
# the Debian base with Debian's caddy, laid out as the official image (config in /etc/caddy, state in
# /data and /config), and wget for the compose health check. Debian's Caddy is older than 2.11.2, which
# answers a retried POST with a body 502 (caddyserver/caddy#7546): the kill step says so when it sees it.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends caddy wget \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /config /data /srv \
  && caddy version
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
WORKDIR /srv
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
