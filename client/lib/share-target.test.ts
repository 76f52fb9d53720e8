import { describe, expect, it } from "vitest";
import { sharedTask, withoutShare } from "@/lib/share-target";

describe("a share into quick add", () => {
  it("is nothing without the share's parameters", () => {
    expect(sharedTask("")).toBeNull();
    expect(sharedTask("?tab=home&share_text=%20%20")).toBeNull();
  });

  it("takes the shared title for the words and the link for the description", () => {
    expect(sharedTask("?share_title=Essay%3A%20The%20Great%20Gatsby&share_url=https%3A%2F%2Fschool.example%2Fa%2F12")).toEqual({
      text: "Essay: The Great Gatsby",
      description: "https://school.example/a/12",
    });
  });

  it("finds the link in the text, as many apps send it, and keeps the text's other lines in the description", () => {
    const search = `?share_text=${encodeURIComponent("Lab report due fri\nUse the template\nhttps://lms.example/course/7")}`;
    expect(sharedTask(search)).toEqual({ text: "Lab report due fri", description: "Use the template\nhttps://lms.example/course/7" });
  });

  it("with a title and a text, the text goes to the description too", () => {
    expect(sharedTask("?share_title=Chem&share_text=Bring%20goggles")).toEqual({ text: "Chem", description: "Bring goggles" });
  });

  it("with only a link, the link is the words, and nothing is left for the description", () => {
    expect(sharedTask("?share_url=https%3A%2F%2Fa.example%2Fx")).toEqual({ text: "https://a.example/x", description: null });
  });

  it("keeps the title within a task title's length, on one line", () => {
    const long = "word ".repeat(100);
    const shared = sharedTask(`?share_title=${encodeURIComponent(long)}`)!;
    expect(shared.text.length).toBe(200);
    expect(shared.text).not.toMatch(/\s{2}/);
  });

  it("is taken off the address, other parameters kept", () => {
    expect(withoutShare("?share_title=a&share_text=b&share_url=c")).toBe("");
    expect(withoutShare("?confirm=delete-account&share_text=b")).toBe("?confirm=delete-account");
  });
});
