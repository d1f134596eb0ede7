import { useQuery } from "@tanstack/react-query";
import { merchandiseApi, type Merchandise } from "@shared/api/merchandise";
import { urlQuery } from "@client/lib/query-client";

/** Every item (inlined with /merch). */
export const merchandiseQuery = () => urlQuery<Merchandise[]>(merchandiseApi.list);

export const useMerchandise = () => useQuery(merchandiseQuery());
