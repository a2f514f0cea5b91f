import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { ImportDto, ImportFailureDto } from "@/lib/imports/dto";

export type ImportStatus = ImportDto;
export type ImportFailure = ImportFailureDto;

const importKeys = {
  all: ["imports"] as const,
  list: () => [...importKeys.all, "list"] as const,
  detail: (id: number) => [...importKeys.all, "detail", id] as const,
  failures: (id: number) => [...importKeys.all, "failures", id] as const,
};

const POLL_MS = 1_000;

/** The type the server expects, from the file's name: browsers give .mbox files no type, and zips several. */
export function uploadType(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".mbox") || name.endsWith(".mbx") || file.type === "application/mbox") return "application/mbox";
  if (name.endsWith(".eml") || file.type === "message/rfc822") return "message/rfc822";
  if (name.endsWith(".zip") || file.type === "application/zip") return "application/zip";
  return null;
}

const importsQuery = () =>
  queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: ImportStatus[] }>("/api/users/me/imports", { signal }),
  });

/** One import, asked again every second while it runs. */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: importKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiFetch<ImportStatus>(`/api/users/me/imports/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? POLL_MS : false),
  });
}

export function useImportFailures(id: number | null, failed: number) {
  return useQuery({
    queryKey: [...importKeys.failures(id ?? 0), failed],
    queryFn: ({ signal }) => apiFetch<{ items: ImportFailure[] }>(`/api/users/me/imports/${id}/failures`, { signal }),
    enabled: id !== null && failed > 0,
  });
}

export function useImports() {
  return useQuery(importsQuery());
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, type }: { file: File; type: string }) =>
      apiFetch<{ id: number; status: string }>("/api/users/me/imports", { method: "POST", file: { data: file, type } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
}
