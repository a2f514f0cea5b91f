// /login and /register offer Google only when GOOGLE_CLIENT_ID is set: unset, no button and no error.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh() {}, replace() {} }) }));

type Form = FunctionComponent<{ next: string; googleClientId: string | null }>;

function render(form: Form, googleClientId: string | null): string {
  const client = new QueryClient();
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(form, { next: "/feed", googleClientId })));
}

describe.each([
  ["the login form", LoginForm, "Sign in with Google"],
  ["the registration form", RegisterForm, "Sign up with Google"],
] as const)("%s", (_name, form, label) => {
  it("shows no Google button and no error when Google is not configured", () => {
    const page = render(form, null);
    expect(page).not.toMatch(/Google/);
    expect(page).not.toContain('role="alert"');
  });

  it("offers Google when a client id is configured", () => {
    const page = render(form, "paperboy.apps.googleusercontent.com");
    expect(page).toContain(label);
    expect(page).not.toContain("not available");
  });
});
