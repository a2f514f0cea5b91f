import { describe, expect, it } from "vitest";
import { loginFormError, registerFormError } from "./form-checks";
import { LoginInput, RegisterInput } from "./schemas";

const form = { name: "Jane Doe", email: "jane@example.com", password: "secret1", confirmPassword: "secret1" };

describe("registerFormError", () => {
  it("lets a complete, consistent form through", () => {
    expect(registerFormError(form)).toBeNull();
  });

  it.each([
    [{ name: "  " }, "All fields are required."],
    [{ email: "" }, "All fields are required."],
    [{ confirmPassword: "" }, "All fields are required."],
    [{ confirmPassword: "secret2" }, "Passwords do not match."],
    [{ email: "jane@example" }, "Please enter a valid email address."],
    [{ email: "jane example.com" }, "Please enter a valid email address."],
    [{ password: "12345", confirmPassword: "12345" }, "Password must be at least 6 characters long."],
  ])("with %j says %j", (change, message) => {
    expect(registerFormError({ ...form, ...change })).toBe(message);
  });

  it("checks matching passwords before the e-mail, as the spec orders them", () => {
    expect(registerFormError({ ...form, email: "bad", confirmPassword: "other1" })).toBe("Passwords do not match.");
  });
});

describe("loginFormError", () => {
  it.each([
    [{ email: "", password: "x" }, "Email and password are required."],
    [{ email: "a@b.co", password: "" }, "Email and password are required."],
    [{ email: "nope", password: "x" }, "Please enter a valid email address."],
    [{ email: "a@b.co", password: "x" }, null],
  ])("with %j says %j", (values, message) => {
    expect(loginFormError(values)).toBe(message);
  });
});

describe("server schemas", () => {
  it("lower-cases and trims the e-mail", () => {
    expect(RegisterInput.parse({ name: " Jane ", email: " Jane@Example.COM ", password: "secret1" })).toEqual({
      name: "Jane",
      email: "jane@example.com",
      password: "secret1",
    });
  });

  it("answers a missing field with the spec's message", () => {
    const result = RegisterInput.safeParse({ email: "jane@example.com", password: "secret1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("All fields are required.");
  });

  it("refuses a login without a password", () => {
    expect(LoginInput.safeParse({ email: "jane@example.com" }).error?.issues[0]?.message).toBe("Email and password are required.");
  });
});
