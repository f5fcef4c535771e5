// The backend port reaches pages through context; pages never import an adapter.
import { createContext, type ReactNode, useContext } from "react";
import type { Backend } from "../backend/port";

const BackendContext = createContext<Backend | null>(null);

export function BackendProvider({ backend, children }: { backend: Backend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error("useBackend() naudojamas be BackendProvider");
  return backend;
}
