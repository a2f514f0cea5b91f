import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { PersonalMailDto, SenderChoiceDto } from "@/lib/passthrough/settings";

export type SenderChoice = SenderChoiceDto;

const passthroughKeys = {
  personalMail: ["personal-mail"] as const,
  senderChoices: ["sender-choices"] as const,
};

const personalMailQuery = () =>
  queryOptions({
    queryKey: passthroughKeys.personalMail,
    queryFn: ({ signal }) => apiFetch<PersonalMailDto>("/api/users/me/personal-mail", { signal }),
  });

export const usePersonalMail = () => useQuery(personalMailQuery());

/** The switch shows its new place at once and goes back if the save fails. */
export function useSavePersonalMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (forward: boolean) =>
      apiFetch<PersonalMailDto>("/api/users/me/personal-mail", { method: "PUT", body: { forward_personal: forward } }),
    onMutate: async (forward) => {
      await queryClient.cancelQueries({ queryKey: passthroughKeys.personalMail });
      const before = queryClient.getQueryData<PersonalMailDto>(passthroughKeys.personalMail);
      queryClient.setQueryData<PersonalMailDto>(passthroughKeys.personalMail, { forward_personal: forward });
      return { before };
    },
    onError: (_error, _forward, context) => {
      if (context?.before) queryClient.setQueryData(passthroughKeys.personalMail, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passthroughKeys.personalMail }),
  });
}

const senderChoicesQuery = () =>
  queryOptions({
    queryKey: passthroughKeys.senderChoices,
    queryFn: ({ signal }) => apiFetch<{ items: SenderChoice[] }>("/api/users/me/sender-choices", { signal }),
    select: (data) => data.items,
  });

export const useSenderChoices = () => useQuery(senderChoicesQuery());

/** Sets (or with null takes back) the reader's word on a sender, for the mail arriving from now on. */
export function useSetSenderChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SenderChoice) => apiFetch<SenderChoice>("/api/users/me/sender-choices", { method: "PUT", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passthroughKeys.senderChoices }),
  });
}
