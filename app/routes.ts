import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("redefinir-senha", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("conta-suspensa", "routes/suspended.tsx"),
  layout("routes/workspace.tsx", [route("dashboard", "routes/dashboard.tsx")]),
  route("404", "routes/not-found.tsx"),
  route("*", "routes/splat.tsx"),
] satisfies RouteConfig;
