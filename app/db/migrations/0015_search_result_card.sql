-- What a search result shows, kept beside the record (docs/decisions/010-search-index.md).
ALTER TABLE "records" ADD COLUMN "card" text;--> statement-breakpoint
UPDATE "records" r SET "card" = jsonb_build_object(
    'substanceName', v.document #>> '{activeCompound,substanceName}',
    'companies', coalesce((SELECT jsonb_agg(o->>'name') FROM jsonb_array_elements(v.document->'organisations') o), '[]'::jsonb),
    'indication', v.document #>> '{estimatedIndication,indication}',
    'summary', v.document #>> '{analysis,summary}',
    'euStatus', v.document #>> '{regulatoryInformation,ema,status}',
    'fdaStatus', v.document #>> '{regulatoryInformation,fda,status}')::text
  FROM record_versions v WHERE v.id = r.published_version_id;
