import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { WebhookEvent } from "@/lib/webhooks/schemas";
import type { NewWebhookDto, WebhookDeliveryDto, WebhookDto } from "@/lib/webhooks/service";

export type { WebhookEvent };
export type Webhook = WebhookDto;
export type NewWebhook = NewWebhookDto;
export type WebhookDelivery = WebhookDeliveryDto;

const webhookKeys = {
  all: ["webhooks"] as const,
  deliveries: (id: number) => ["webhooks", id, "deliveries"] as const,
};

const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => apiFetch<{ items: Webhook[] }>("/api/users/me/webhooks", { signal }),
    select: (data) => data.items,
  });

export const useWebhooks = () => useQuery(webhooksQuery());

export const useWebhookDeliveries = (id: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => apiFetch<{ items: WebhookDelivery[] }>(`/api/users/me/webhooks/${id}/deliveries`, { signal }),
    select: (data) => data.items,
  });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; events: WebhookEvent[] }) =>
      apiFetch<NewWebhook>("/api/users/me/webhooks", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/webhooks/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
