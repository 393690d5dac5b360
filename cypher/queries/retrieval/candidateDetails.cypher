// The fused candidates in full, in the order given, as ranking, framing and rendering read them: the fields, the
// entity that owns each (its name and aliases for suppression, its gravity for ranking), the names of the entities
// it relates to, the memories that contradict it, and the messages it came from. Archived ones are left out.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
USING INDEX m:Memory(id)
WHERE m.tenantId = $tenantId AND m.userId = $userId AND NOT m:Domain AND NOT coalesce(m.archived, false)
// Its links in one pass over its relationships (four patterns walked them four times): the owning entity, the entities
// it relates to, what contradicts it (either way), the messages it came from. All within the person by construction.
WITH m, [(m)-[r:HAS_FACET|HAS_THEME|HAS_INTEREST|RELATES_TO|CONTRADICTS|DERIVED_FROM]-(x) | {type: type(r), out: startNode(r) = m, x: x}] AS links
WITH m, links, head([l IN links WHERE l.type IN ['HAS_FACET', 'HAS_THEME', 'HAS_INTEREST'] AND NOT l.out | l.x]) AS owner, m.spike AS spike
// Only what each kind has is read: a property a node lacks costs a walk of all its properties (a fact has thirty), so
// an entity's own fields are read for entities only, and when a spike was set only if there is one.
// Times as epoch milliseconds: plain numbers cross Bolt far more cheaply than temporal values.
RETURN m {.id, .topic, .summary, .baseScore, .processingCount,
          lastRelevantAt: m.lastRelevantAt.epochMillis, createdAt: m.createdAt.epochMillis, eventTime: m.eventTime.epochMillis,
          spike: spike, spikeAt: CASE WHEN spike > 0 THEN m.spikeAt.epochMillis END, .decayModifier, .pinned, .categories, .domain,
          eventDate: toString(m.eventDate)} AS memory,
       CASE WHEN m:Entity THEN m {.name, .kind, .relation, .aliases, .gravity} END AS entity,
       [l IN labels(m) WHERE l IN ['Entity', 'Facet', 'Theme', 'Interest']][0] AS nodeKind,
       CASE WHEN owner IS NULL THEN null
            ELSE owner {.id, .name, .kind, .relation, .aliases, gravity: coalesce(owner.gravity, 0.0)} END AS owner,
       [l IN links WHERE l.type = 'RELATES_TO' AND l.out | l.x.name] AS related,
       [l IN links WHERE l.type = 'CONTRADICTS' | l.x.id] AS contradicts,
       [l IN links WHERE l.type = 'DERIVED_FROM' AND l.out | l.x.id] AS sources
