// Live updates for signed-in staff: the server's change feed refreshes the lists and the
// dashboard that show the changed resource, and a new reservation from the site or a new
// inquiry is announced in Lithuanian, with no reload.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useDataProvider, useNotify, useStore } from "react-admin";
import { useAdminActions } from "../adminApi";

export const LIVE_STATUS_KEY = "liveUpdates.connected";

/** Query kinds that show several records; a single record's form is left alone while staff edit it. */
const LIST_QUERIES = new Set(["getList", "getMany", "getManyReference", "getManyAggregate"]);

/** Resources whose lists depend on another one changing (a reservation changes availability). */
const ALSO_REFRESH: Record<string, string[]> = {
  reservations: ["customers", "cars"],
  requests: [],
};

export function LiveUpdates() {
  const { subscribeToChanges } = useAdminActions();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [, setConnected] = useStore<boolean | null>(LIVE_STATUS_KEY, null);
  // Several events for one burst (a reservation, its customer, its mails) refresh once.
  const pending = useRef(new Set<string>());
  const timer = useRef<number | null>(null);

  useEffect(() => {
    const flush = () => {
      timer.current = null;
      const resources = [...pending.current];
      pending.current.clear();
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const [resource, kind] = query.queryKey as unknown[];
          return typeof resource === "string" && resources.includes(resource) && LIST_QUERIES.has(String(kind));
        },
      });
      // The dashboard's own summaries.
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    };

    const announce = async (resource: string, id: string) => {
      try {
        if (resource === "reservations") {
          const { data } = await dataProvider.getOne("reservations", { id });
          if (data.source !== "web") return;
          notify(`Nauja rezervacija iš svetainės: ${data.number ?? ""}`, {
            type: "info",
            autoHideDuration: 5000,
          });
        } else if (resource === "requests") {
          const { data } = await dataProvider.getOne("requests", { id });
          notify(`Nauja užklausa: ${data.name ?? ""}`, { type: "info", autoHideDuration: 5000 });
        }
      } catch {
        // A record already gone (deleted at once) needs no announcement.
      }
    };

    const unsubscribe = subscribeToChanges(
      (change) => {
        pending.current.add(change.resource);
        for (const other of ALSO_REFRESH[change.resource] ?? []) pending.current.add(other);
        if (timer.current === null) timer.current = window.setTimeout(flush, 300);
        if (change.kind === "created") void announce(change.resource, change.id);
      },
      (connected) => setConnected(connected),
    );
    return () => {
      unsubscribe();
      if (timer.current !== null) window.clearTimeout(timer.current);
    };
  }, [subscribeToChanges, dataProvider, queryClient, notify, setConnected]);

  return null;
}
