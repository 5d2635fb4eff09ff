from allauth.account import views as allauth_views
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from rest_framework.utils.encoders import JSONEncoder

from . import leaving, my_data, presence, tokens, turn_emails
from .forms import ApiTokenForm, DeleteAccountForm, DisplayNameForm, PreferencesForm
from .models import User
from .throttling import SIGN_UP_BY_ADDRESS, Refused, client_address


class LoginView(allauth_views.LoginView):
    """allauth's log-in page; a throttled or busy refusal keeps its status (429 or 503)."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        return _refused(response, form.refusal) if form.refusal else response


class SignUpView(allauth_views.SignupView):
    """allauth's sign-up page, with accounts counted per address: too many from one is a 429."""

    def post(self, request, *args, **kwargs):
        address = client_address(request)
        try:
            SIGN_UP_BY_ADDRESS.refuse_if_locked(address, "Too many accounts were made from your address")
            response = super().post(request, *args, **kwargs)
        except Refused as refusal:
            form = self.get_form()
            form.add_error(None, refusal.message)
            return _refused(self.form_invalid(form), refusal)
        if request.user.is_authenticated:
            SIGN_UP_BY_ADDRESS.count(address)
        return response


def _refused(response, refusal):
    response.status_code = refusal.status
    response["Retry-After"] = str(refusal.retry_after)
    return response


@login_required
def profile(request):
    """Your account: your display name, and every game you finished (private ones too) with your statistics."""
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Display name saved.")
        return redirect("profile")
    return _profile_page(request, form)


def _profile_page(request, form=None, api_token_form=None, new_api_token=None, status=200):
    """The profile page with its forms: as posted where given, fresh otherwise."""
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form or DisplayNameForm(instance=request.user),
            "preferences_form": PreferencesForm(instance=request.user),
            "api_tokens": request.user.api_tokens.all(),
            "api_token_form": api_token_form or ApiTokenForm(),
            "new_api_token": new_api_token,
        },
        status=status,
    )


@login_required
@require_POST
@never_cache
def create_api_token(request):
    """A new API token, from the profile page. Its key is shown in this answer alone, not after a redirect:
    it is kept nowhere, not even in the session for the next page."""
    form = ApiTokenForm(request.POST)
    if form.is_valid():
        try:
            token, key = tokens.create(request.user, form.cleaned_data["name"])
        except ValidationError as refusal:
            form.add_error(None, refusal)
        else:
            token.key = key
            return _profile_page(request, new_api_token=token)
    return _profile_page(request, api_token_form=form, status=400)


@login_required
@require_POST
def revoke_api_token(request, token_id):
    """The profile page's Revoke button: the token's key is refused from now on."""
    if not tokens.revoke(request.user, token_id):
        raise Http404("You hold no such API token.")
    messages.success(request, "API token revoked: requests with its key are refused from now on.")
    return redirect("profile")


@login_required
@require_POST
def preferences(request):
    """The profile page's preferences (the turn sound, whether others see when one was last here), saved
    for this user wherever they play."""
    form = PreferencesForm(request.POST, instance=request.user)
    if form.is_valid():
        form.save()
        messages.success(request, "Preferences saved.")
    return redirect("profile")


@csrf_exempt  # a mail provider's one-click POST (RFC 8058) carries no CSRF token; the signed token is the proof
@never_cache
@require_http_methods(["GET", "POST"])
def turn_emails_off(request, token):
    """A turn e-mail's opt-out link (accounts.turn_emails), no log-in needed: the e-mails stop. GET (the link)
    says so on a page with a button to turn them back on; POST (the List-Unsubscribe header, RFC 8058)
    answers 200 in a line. A token this site did not sign: 400, with a page saying so."""
    user = turn_emails.user_for(token)
    if user is None:
        return render(request, "accounts/turn_emails_bad_link.html", status=400)
    turn_emails.set_wanted(user, False)
    if request.method == "POST":
        return HttpResponse("Turn e-mails are off.\n", content_type="text/plain; charset=utf-8")
    return render(request, "accounts/turn_emails_off.html", {"for_user": user})


@login_required
@require_POST
def turn_emails_on(request):
    """The opt-out page's button: the logged-in player's turn e-mails on again, if they have a verified
    address to receive them."""
    if not turn_emails.may_opt_in(request.user):
        messages.error(request, "Turn e-mails go to a verified address: add or verify one first.")
        return redirect("account_email")
    turn_emails.set_wanted(request.user, True)
    messages.success(request, "Turn e-mails are on again.")
    return redirect("profile")


@login_required
@require_safe
def download_my_data(request):
    """The profile's "Download my data": everything the site keeps about you, as a JSON file (accounts.my_data)."""
    # DRF's encoder writes times as the API does (to the microsecond, UTC as "Z"), so the games' events
    # read the same here as from the API.
    response = JsonResponse(
        my_data.my_data(request.user), encoder=JSONEncoder, json_dumps_params={"indent": 2, "ensure_ascii": False}
    )
    response["Content-Disposition"] = content_disposition_header(True, my_data.filename(request.user))
    return response


@login_required
def delete_account(request):
    """The profile's "Delete my account": a page that says what follows and asks for the password; once it is
    right, the account is deleted (accounts.leaving), this browser logged out, and the home page says so."""
    form = DeleteAccountForm(request.user, request.POST or None, request=request)
    if request.method != "POST":
        return render(request, "accounts/delete_account.html", {"form": form})
    if form.is_valid():
        try:
            leaving.delete_account(request.user)
        except leaving.NotNow as busy:
            form.add_error(None, busy.message)
            return render(request, "accounts/delete_account.html", {"form": form}, status=409)
        logout(request)
        messages.success(request, "Your account is deleted. In the games you played you are now “a former player”.")
        return redirect("home")
    response = render(request, "accounts/delete_account.html", {"form": form}, status=400)
    return _refused(response, form.refusal) if form.refusal else response


def player(request, username):
    """Anyone's public page: their finished public games and statistics (their private games are theirs
    alone), and when they were last seen, coarsely, unless they hide it (accounts.presence)."""
    shown = get_object_or_404(User, username=username, is_active=True)
    last_seen = presence.last_seen_words(shown) if shown.show_last_seen or shown == request.user else None
    return render(request, "accounts/player.html", {"player": shown, "last_seen": last_seen})
