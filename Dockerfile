# Automobilių nuomos serveris: programa (dist/) ir sukompiliuotas serveris (build/server/main.mjs).
# Duomenys – /data (PGlite ir įkelti failai) arba PostgreSQL per DATABASE_URL (compose.yaml).
#   docker build -t ratai-nuoma .
#   docker run -p 3000:3000 -v ratai-duomenys:/data ratai-nuoma
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
# Komandoms (npm run create-admin, backup, restore): jos vykdo šaltinius per tsx.
COPY --from=build /app/server ./server
COPY --from=build /app/src ./src
COPY --from=build /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Gyvumas: procesas atsako. Pasirengimą (/api/health/ready) tikrina balansuotojas ar compose.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: pasirengimas 503, gautos užklausos baigiamos (SHUTDOWN_DRAIN_MS), tada išeinama.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "build/server/main.mjs"]
