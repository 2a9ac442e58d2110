import type { FastifyRequest } from "fastify";

export const clientIp = (request: FastifyRequest) => request.ip || "inconnue";
export const userAgent = (request: FastifyRequest) => (request.headers["user-agent"] ?? "").slice(0, 512);
