"use client";

import { useId, useState } from "react";
import { ui } from "../styles";
import { WorkspaceList } from "./workspace-list";

/** The workspace list with a search box (name, owner email or id); a search starts again at the newest. */
export function WorkspaceSearch({ showOwner }: { showOwner: boolean }) {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const id = useId();
  return (
    <div className="space-y-4">
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(text.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={ui.label}>
            Search workspaces
          </label>
          <input
            id={id}
            type="search"
            className={`${ui.input} mt-1`}
            placeholder={showOwner ? "Name, owner email or id" : "Name or id"}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === "") setSearch("");
            }}
          />
        </div>
        <button type="submit" className={ui.secondary}>
          Search
        </button>
      </form>
      <WorkspaceList key={search} search={search} showOwner={showOwner} />
    </div>
  );
}
