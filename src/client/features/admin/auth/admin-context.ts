import { createContext, useContext } from "react";
import type { AdminRecord } from "@shared/schemas/auth";

export const AdminContext = createContext<AdminRecord | null>(null);
export const useCurrentAdmin = () => useContext(AdminContext);
