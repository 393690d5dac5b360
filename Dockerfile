# The memory middleware service. Neo4j (2026.x, the official image) runs beside it (docker-compose.yml); NEO4J_URI must
# be set.
# The local embedding model comes from Maven Central, unpacked by neo4j-local's pom (that execution alone, which builds
# nothing and so needs no Java 21).
FROM maven:3-eclipse-temurin-17 AS model
WORKDIR /app/neo4j-local
COPY neo4j-local/pom.xml ./
RUN mvn -q -B dependency:unpack@unpack-embedding-model

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY client/src ./client/src
COPY scripts ./scripts
COPY test ./test
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
# As `npm start`: glibc gives each thread (the model's, the analysis thread, libuv's pool) a malloc arena of its own
# that keeps what was freed in it; two arenas keep the resident size down (docs/operators).
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=model /app/neo4j-local/target/embedding-model ./neo4j-local/target/embedding-model
COPY package.json ./
COPY cypher ./cypher
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=8", "dist/src/main.js"]
