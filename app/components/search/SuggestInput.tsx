import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * A text input that, when JavaScript runs, suggests values of an AutoComplete filter as
 * the user types (a native datalist, read out by screen readers like any list of
 * options). Without JavaScript it is a plain text input.
 */
export function SuggestInput({
  id,
  name,
  defaultValue,
  filterId,
  invalid,
  describedBy,
  form,
}: {
  id: string;
  name: string;
  defaultValue: string;
  filterId?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The id of the form the input belongs to, when it stands outside it. */
  form?: string;
}) {
  const fetcher = useFetcher<{ values: Array<{ value: string; count: number }> }>();
  // React Router keeps load the same function across renders: only typing refetches.
  const { load } = fetcher;
  const [typed, setTyped] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    if (!filterId || typed.trim().length < 1) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () =>
        load(
          `/search/suggest?filter=${encodeURIComponent(filterId)}&q=${encodeURIComponent(typed)}`,
        ),
      150,
    );
    return () => clearTimeout(timer.current);
  }, [filterId, typed, load]);
  const listId = filterId ? `${id}-suggestions` : undefined;
  return (
    <>
      <input
        type="text"
        id={id}
        name={name}
        defaultValue={defaultValue}
        list={listId}
        autoComplete="off"
        maxLength={300}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        form={form}
        onInput={(event) => setTyped(event.currentTarget.value)}
      />
      {listId ? (
        <datalist id={listId}>
          {(fetcher.data?.values ?? []).map((value) => (
            <option key={value.value} value={value.value}>
              {`${value.count.toLocaleString("en-GB")} records`}
            </option>
          ))}
        </datalist>
      ) : null}
    </>
  );
}
