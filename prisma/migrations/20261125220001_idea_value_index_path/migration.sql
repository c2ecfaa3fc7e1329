-- idea_customer_value (migration idea_value) in PL/pgSQL, which keeps its plan, going from the
-- idea's few votes to each voter's companies by index: as a SQL function it was planned at every
-- call and hashed every membership, about 0.5 ms of each vote. Same value, same snapshot rule.
CREATE OR REPLACE FUNCTION idea_customer_value(idea_id INTEGER) RETURNS DOUBLE PRECISION
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT COALESCE(sum(cc."monthlySpend"), 0)::float8
    FROM (SELECT DISTINCT unnest(ARRAY(SELECT m."customerCompanyId"
                                       FROM "CustomerCompanyMember" m
                                       WHERE m."userId" = v."userId")) AS "id"
          FROM "Vote" v WHERE v."ideaId" = idea_id) d
    JOIN "CustomerCompany" cc ON cc."id" = d."id");
END $$;
