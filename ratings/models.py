"""The ratings' projection: a cache of the rating streams (``ratings-<pool>``), written with each event in
its transaction (projection.apply) and rebuildable from them at any time (projection.rebuild).

Each row's ``game`` holds its pool's key (ratings.pools): the game's name for its live tables, as it always
did, and ``<game>:turn`` for its turn-based ones."""

from django.conf import settings
from django.db import models

POOL = "The rating pool's key (ratings.pools): the game's name, or <game>:turn for its turn-based tables."


class Rating(models.Model):
    """A player's current rating in one pool: one game at one pace."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32, help_text=POOL)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="Rated games played in this pool.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_one_per_user_and_game")]
        indexes = [models.Index(fields=["game", "-mu"], name="rating_game_mu")]

    def __str__(self):
        return f"{self.user} in {self.game}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatedTable(models.Model):
    """The rating stream's word on one finished table: rated (its changes below) or not, and why not."""

    table = models.OneToOneField("games.Table", primary_key=True, on_delete=models.CASCADE, related_name="rating")
    game = models.CharField(max_length=32, help_text=POOL)
    version = models.PositiveIntegerField(help_text="Its event's version in the pool's rating stream.")
    rated = models.BooleanField()
    reason = models.CharField(max_length=200, blank=True, default="", help_text="Why it is not rated.")
    at = models.DateTimeField(help_text="When its event was written.")

    def __str__(self):
        return f"{self.table_id}: {'rated' if self.rated else 'not rated, ' + self.reason}"


class RatingChange(models.Model):
    """One player's rating before and after one rated game."""

    rated_table = models.ForeignKey(RatedTable, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32, help_text=POOL)
    seat = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField(help_text="1 for the best; tied players share a rank.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games = models.PositiveIntegerField(help_text="The player's rated games in this pool, this one included.")
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        constraints = [models.UniqueConstraint(fields=["rated_table", "user"], name="rating_change_one_per_player")]
        indexes = [
            models.Index(fields=["user", "game", "at"], name="rating_change_history"),
            models.Index(fields=["game", "at"], name="rating_change_by_month"),
        ]

    def __str__(self):
        return f"{self.user} in {self.game}: {self.mu_before:.2f} -> {self.mu_after:.2f}"
